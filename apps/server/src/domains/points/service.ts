// The points domain's public module (docs/decisions/082-server-layers.md): what the entry (maintenance) calls.
export { deleteShippedAddresses } from './exchange.ts';
