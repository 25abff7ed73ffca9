// The repository's own lint rules (ADR 062), registered as the `kippu` plugin in eslint.config.js.
import noCycle from './no-cycle.js';
import { domainFloorRule } from './domain-floors.js';

export default {
  meta: { name: 'kippu' },
  rules: { 'no-cycle': noCycle, 'domain-floor': domainFloorRule },
};
