import type { components } from './generated/schema.js';

/** Every schema of the spec by name, e.g. `Schemas['Agent']`. */
export type Schemas = components['schemas'];
