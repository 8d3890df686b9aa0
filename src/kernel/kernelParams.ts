/** The parameters of a Kernel mode link, in the order a link writes them (Kernel mode's entry in the mode table takes them). */
export const KERNEL_KEYS = ['kz', 'kernel', 'block', 'args', 'line', 'inner', 'op', 'instance'] as const;

/**
 * Kernel mode's part of a link, as written: the source typed out (`kernel=`) or deflated (`kz=`),
 * the launch (`block=`, `args=`) and the instruction on stage (`line=`, `inner=`, `op=`, `instance=`).
 *
 * @remarks
 * Kept as text: Kernel mode, which loads on first use, reads it (see `readKernelLink`) and names
 * what it cannot use, so that neither its checks nor the inflater weigh on every visit's first load.
 */
export type KernelLink = Readonly<Partial<Record<(typeof KERNEL_KEYS)[number], string>>>;
