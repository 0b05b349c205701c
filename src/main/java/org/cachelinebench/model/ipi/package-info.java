/**
 * Model: the IPI {@code call_single_data} (csd), to be read next to include/linux/smp.h and kernel/smp.c.
 * The structs ({@link CallSingleData}, {@link CsdLayout}), the block and where the csd starts in it
 * ({@link CsdBlock}, {@link CsdPlacement}), smp.c's protocol per kernel version ({@link Smp}, {@code SmpV4_13},
 * {@code SmpCurrent}, {@code Llist}, {@code CsdFunctions}, {@link IpiMode}), one sender/receiver pair
 * ({@link Handshake}: {@link IpiMailbox}, and the one-flag floor {@link FlagPingPong}) and how a thread waits
 * ({@link SpinWait}). No JMH state lives here.
 */
package org.cachelinebench.model.ipi;
