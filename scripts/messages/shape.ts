/** What a compiled ICU message asks for: its placeholder names and the plural categories of each counted argument. */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

export type Shape = { placeholders: Set<string>; plurals: Map<string, Set<string>> };

export function shapeOf(message: CompiledMessage, into: Shape = { placeholders: new Set(), plurals: new Map() }): Shape {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.placeholders.add(name);
    if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format && typeof format === 'object') {
      const choices = format as Record<string, CompiledMessage | number | undefined>;
      const categories = into.plurals.get(name) ?? new Set<string>();
      for (const [key, branch] of Object.entries(choices)) {
        if (key === 'offset' || !Array.isArray(branch)) continue;
        if (type !== 'select') categories.add(key);
        shapeOf(branch, into);
      }
      if (type !== 'select') into.plurals.set(name, categories);
    }
  }
  return into;
}
