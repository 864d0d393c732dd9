import type { Db } from '../db/client.ts';

/** What the core seed created, handed to every domain's seed so that they can refer to it. */
export interface SeedContext {
  db: Db;
  /** The moment the seed runs; relative dates (upcoming, today, finished) hang off it. */
  now: Date;
  tenants: { corporate: number; lite: number; noContract: number };
  users: {
    member: number;
    lite: number;
    noContract: number;
    emp0001: number;
    /** member01@example.com .. member200@example.com, in order. */
    population: number[];
  };
}
