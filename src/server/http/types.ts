import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    services: Services;
  };
}
