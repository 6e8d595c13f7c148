import { invalidField } from '../errors.js';
import type { TrainingRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import type { Handler } from './context.js';
import { mustGet } from './lookup.js';
import { cachedPage } from './paginate.js';

const view = (row: TrainingRow) => publicView(row);
const one = (row: TrainingRow) => ({ data: view(row) });

/** GET /v1/agents/{id}/trainings, filter `type`. */
export const trainingsList: Handler = (ctx, { ws, params, query }) => {
  const { agents, trainings } = ctx.state.tables;
  const agent = mustGet(agents, ws, params.id as string, 'agent');
  return cachedPage(
    trainings,
    ws,
    query,
    (t) => t.agent_id === agent.id && (!query.type || t.type === query.type),
    agent.id,
  );
};

/** POST /v1/agents/{id}/trainings: `text` with content, `url` / `document` with a url. */
export const trainingsCreate: Handler = (ctx, { ws, params, body }) => {
  const agent = mustGet(ctx.state.tables.agents, ws, params.id as string, 'agent');
  const now = ctx.now();
  const row: TrainingRow = {
    id: ctx.id(),
    agent_id: agent.id,
    type: body.type,
    title: body.title ?? null,
    content: body.type === 'text' ? body.content : null,
    url: body.type === 'text' ? null : body.url,
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
  };
  return one(ctx.state.tables.trainings.put(row));
};

/** GET /v1/trainings/{id}. */
export const trainingsRetrieve: Handler = (ctx, { ws, params }) =>
  one(mustGet(ctx.state.tables.trainings, ws, params.id as string, 'training'));

/** PUT /v1/trainings/{id}: `content` for text trainings, `url` for the others. */
export const trainingsUpdate: Handler = (ctx, { ws, params, body }) => {
  const row = mustGet(ctx.state.tables.trainings, ws, params.id as string, 'training');
  if (body.content !== undefined && row.type !== 'text') {
    throw invalidField(
      'content',
      'type',
      `applies only to text trainings; this one is of type ${row.type}`,
    );
  }
  if (body.url !== undefined && row.type === 'text') {
    throw invalidField(
      'url',
      'type',
      'applies only to url and document trainings; this one is of type text',
    );
  }
  const next = ctx.state.tables.trainings.update(row, {
    title: body.title,
    content: body.content,
    url: body.url,
    updated_at: ctx.now(),
  });
  return one(next);
};

/** DELETE /v1/trainings/{id}. */
export const trainingsDelete: Handler = (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.trainings, ws, params.id as string, 'training');
  ctx.state.tables.trainings.delete(row.id);
  return undefined;
};
