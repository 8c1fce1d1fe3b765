/** What the two tools over /api/model-ids.json share: the model string an agent holds, and the documents they read. */
import { z } from 'zod';

export const DOCUMENTS = ['tools.json', 'model-ids.json'];

export const modelString = z.string().min(1).max(300);
