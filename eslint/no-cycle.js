// kippu/no-cycle: no import, type-only ones included, leads back to the file that makes it (ADR 062).
import path from 'node:path';
import { cyclesThrough, resolveImport, importsOfText } from './import-graph.js';

/** The node to report an import on, for each way a file names another module. */
function importNodes(program) {
  const nodes = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
      case 'ExportNamedDeclaration':
        if (node.source) nodes.push({ node, source: node.source.value });
        break;
      case 'ImportExpression':
        if (node.source.type === 'Literal') nodes.push({ node, source: node.source.value });
        break;
      case 'TSImportType':
        // `typeof import('./x.ts')`: the argument is a literal type in typescript-eslint 8
        if (node.argument?.literal) nodes.push({ node, source: node.argument.literal.value });
        break;
      default:
        break;
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(program);
  return nodes;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Import cycle (type-only imports count too): {{route}}. Move what both need below both, or invert the dependency.',
    },
  },
  create(context) {
    const { root } = context.options[0];
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    return {
      Program(program) {
        const text = context.sourceCode.text;
        const targets = importsOfText(root, file, text);
        if (targets.length === 0) return;
        const cycles = cyclesThrough(root, file, targets);
        if (cycles.size === 0) return;
        const name = (module) => path.relative(root, module);
        for (const { node, source } of importNodes(program)) {
          if (typeof source !== 'string') continue;
          const target = resolveImport(root, file, source);
          const route = target && cycles.get(target);
          if (!route) continue;
          context.report({
            node,
            messageId: 'cycle',
            data: { route: [file, ...route].map(name).join(' → ') },
          });
        }
      },
    };
  },
};
