// A TypeDoc plugin (docs/typedoc.json loads it): `validation.notDocumented` for properties, except
// those declared in a package's src/generated/, which TypeDoc's own check cannot leave out: some
// 14,800 members of the types generated from the spec, documented by its `description`s or not at
// all. Every other property, written by hand, needs a doc comment. Otherwise as TypeDoc's check:
// only `packagesRequiringDocumentation`, and not the members of a parameter's type.
import { Application, ReflectionKind } from 'typedoc';

/** @param {Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    if (!app.options.getValue('validation').notDocumented) return;
    const packages = app.options.getValue('packagesRequiringDocumentation');
    for (const property of project.getReflectionsByKind(ReflectionKind.Property)) {
      if (property.hasComment() || insideParameter(property)) continue;
      const id = project.getSymbolIdFromReflection(property);
      if (!id || !packages.includes(id.packageName)) continue;
      if (id.packagePath.startsWith('src/generated/')) continue;
      app.logger.validationWarning(
        `${property.getFriendlyFullName()} (Property), defined in ${id.packageName}/${id.packagePath}, does not have any documentation`,
      );
    }
  });
}

/** @param {import('typedoc').Reflection} reflection */
function insideParameter(reflection) {
  for (let r = reflection.parent; r; r = r.parent) {
    if (r.kindOf(ReflectionKind.Parameter)) return true;
  }
  return false;
}
