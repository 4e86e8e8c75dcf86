import type { ImplExamined } from '@cn/protocol';
import type { TypeDeclaration } from '../ports/type-syntax.js';

/**
 * What a hierarchy walk read: every file holding a reference to a type of the walk, parsed whole, and the type
 * declarations in it by form. "Did it miss a class expression?" has an answer: it read so many, and found these.
 */
export class ExaminedTypes {
  private readonly files = new Map<string, TypeDeclaration[]>();

  add(filePath: string, declarations: TypeDeclaration[]): void {
    this.files.set(filePath, declarations);
  }

  counts(): ImplExamined {
    const all = [...this.files.values()].flat();
    let merged = 0;
    for (const declarations of this.files.values()) {
      const classes = new Set(declarations.filter((type) => type.kind === 'Class').map((type) => type.name));
      merged += new Set(
        declarations.filter((type) => type.kind === 'Interface' && classes.has(type.name)).map((type) => type.name),
      ).size;
    }
    return {
      files: this.files.size,
      classes: all.filter((type) => type.kind === 'Class' && !type.expression).length,
      classExpressions: all.filter((type) => type.kind === 'Class' && type.expression).length,
      interfaces: all.filter((type) => type.kind === 'Interface').length,
      typeAliases: all.filter((type) => type.kind === 'TypeAlias').length,
      mixins: all.filter((type) => type.heritage.some((name) => name.mixin !== undefined)).length,
      merged,
    };
  }
}
