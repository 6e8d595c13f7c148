import { receiverSuite } from './support/receiver-suite.js';
import { startHonoReceiver } from './webhook-hono.js';

receiverSuite(startHonoReceiver);
