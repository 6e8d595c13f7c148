import { receiverSuite } from './support/receiver-suite.js';
import { startExpressReceiver } from './webhook-express.js';

receiverSuite(startExpressReceiver);
