/** Where a kernel's message is read: Kernel mode's launch fields, or a lesson's `kernel:` keys. */
export type LaunchPlace = 'page' | 'lesson';

/** A message reworded for where it is read, and the launch field or key it names (`null`: none). */
export interface LaunchWording {
  readonly message: string;
  /** A parameter's name (its field in the page, its `args` entry in a lesson), or `kernel`. */
  readonly field: string | null;
}

/**
 * The analyzer's messages say what to fill as the command line's flags (`--arg BM=…`,
 * `--kernel`); read in the page or a lesson they name the field or the key instead.
 */
export function rewordLaunchFlags(message: string, place: LaunchPlace): LaunchWording {
  let field: string | null = null;
  const text = message
    .replace(/\(--arg (\w+)=([^)]*)\)/g, (_, name: string, value: string) => {
      field ??= name;
      return place === 'page' ? `(in the field ${name})` : `(args: { ${name}: ${value} })`;
    })
    .replace(/give it as --arg (\w+)=(\S+)/g, (_, name: string, value: string) => {
      field ??= name;
      return place === 'page' ? `type ${value} in the field ${name}` : `give it as args: { ${name}: ${value} }`;
    })
    .replace(/choose one with --kernel/g, () => {
      field ??= 'kernel';
      return place === 'page' ? 'choose one in the Kernel menu' : 'a kernel scene’s source keeps only the one it shows';
    });
  return { message: text, field };
}
