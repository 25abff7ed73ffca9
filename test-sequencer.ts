import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import durations from './test-durations.json' with { type: 'json' };

/**
 * Longest files first, also on a fresh clone (CI, ADR 054). Vitest orders by the durations it cached on the
 * last run on this machine; with no cache it orders by file size, and a journey's size says little of its
 * length (the refund journey, 10th by size, was among the three longest). So a file with no cached duration
 * takes its seconds from test-durations.json (`<project>:<path>`, a timed CI run), and, with none there either,
 * comes first as an unknown (a new file). Groups and projects keep Vitest's order.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const known = durations as Record<string, number | string>;
    const keyOf = (spec: TestSpecification) => `${spec.project.name}:${relative(root, spec.moduleId)}`;
    const cached = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(keyOf(spec)) !== undefined;
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return sorted.sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0 || a.project.name !== b.project.name || (cached(a) && cached(b)))
        return position.get(a)! - position.get(b)!;
      const seconds = (spec: TestSpecification) => {
        const listed = known[keyOf(spec)];
        return typeof listed === 'number' ? listed : Infinity;
      };
      return seconds(b) - seconds(a) || position.get(a)! - position.get(b)!;
    });
  }
}
