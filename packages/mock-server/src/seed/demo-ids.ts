// Apart from the seed, which reaches the store and the control API: a bundle that imports only these
// (a page's fixtures, a test of the CLI's demo workspace through `/client`) leaves the mock out.

/** The demo key: holds every scope of the server's variant. */
export const DEMO_API_KEY = 'demo-key-all-scopes';

/**
 * Fixed ids of everything the demo seed creates, the same on every start, so that docs, scripts and
 * clients in any language can name them (the README lists them; `GET /__mock/state` shows them).
 */
export const DEMO_IDS = Object.freeze({
  /** The workspace "Demo workspace": pass it as `workspace_id` for a key on the demo data. */
  workspace: '00000000-0000-4000-8000-000000000001',
  /** The demo workspace's company. */
  company: '00000000-0000-4000-8000-000000000002',
  /** The id of the key `demo-key-all-scopes` (`DEMO_API_KEY`), which holds every scope. */
  apiKey: '00000000-0000-4000-8000-000000000003',
  /** Agent "Support Agent", active; owns the trainings and the channels. */
  supportAgent: '00000000-0000-4000-8000-000000000101',
  /** Agent "Sales Agent", active. */
  salesAgent: '00000000-0000-4000-8000-000000000102',
  /** Agent "Night Shift", inactive. */
  nightAgent: '00000000-0000-4000-8000-000000000103',
  /** Channel "Website chat", a widget, active. */
  widgetChannel: '00000000-0000-4000-8000-000000000201',
  /** Channel "WhatsApp", `pending` until paired (`pairChannel`). */
  whatsappChannel: '00000000-0000-4000-8000-000000000202',
  /** Text training "Shipping". */
  shippingTraining: '00000000-0000-4000-8000-000000000301',
  /** Text training "Returns". */
  returnsTraining: '00000000-0000-4000-8000-000000000302',
  /** Text training "Opening hours". */
  openingHoursTraining: '00000000-0000-4000-8000-000000000303',
  /** Custom field `plan`, select: `free`, `pro`, `enterprise`. */
  planField: '00000000-0000-4000-8000-000000000401',
  /** Custom field `vip`, boolean. */
  vipField: '00000000-0000-4000-8000-000000000402',
  /** Contact Ada Lovelace (plan `pro`, vip). */
  adaContact: '00000000-0000-4000-8000-000000000501',
  /** Contact Grace Hopper (plan `enterprise`). */
  graceContact: '00000000-0000-4000-8000-000000000502',
  /** Contact Alan Turing (plan `free`). */
  alanContact: '00000000-0000-4000-8000-000000000503',
} as const);
