import { call, type Payload } from '../../../lib/api.ts';

/**
 * Applies for a reward (docs/requirements/points.md#points-exchange): the points are taken at once; the answer has the
 * application, its delivery estimate and the balance after, or a refusal as the envelope says (applyForReward).
 */
export const applyForReward = (payload: Payload<'applyForReward'>) => call('applyForReward', payload);
