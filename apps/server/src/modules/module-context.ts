// What a feature module receives when app.ts registers it. Modules own their folders and plug in
// through one register function each, so features grow without editing each other's files.
import type { Database } from '@tabayyun/db';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';

export interface ModuleContext {
  config: Config;
  database: Database;
  services: Services;
}
