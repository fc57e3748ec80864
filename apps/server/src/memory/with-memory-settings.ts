// Imported first by a process that serves the site in itself and should run as the product does
// (the site benchmark): it starts again in place with the server's memory settings
// (memory-settings.ts, ADR 025) before anything else is loaded.
import { execWithMemorySettings } from './memory-settings.ts';

execWithMemorySettings();
