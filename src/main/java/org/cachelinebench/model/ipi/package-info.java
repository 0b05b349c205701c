/**
 * Model: the IPI {@code call_single_data} (csd), to be read next to include/linux/smp.h and kernel/smp.c.
 * The structs ({@link CallSingleData}, {@link CsdLayout}), the block and where the csd starts in it
 * ({@link CsdBlock}, {@link CsdPlacement}), smp.c's protocol per kernel version ({@link Smp}, {@code SmpV4_13},
 * {@code SmpCurrent}, {@code Llist}, {@code CsdFunctions}, {@link IpiMode}), one sender/receiver pair
 * ({@link Handshake}; the numbered calls' logs and checks, {@link LoggedHandshake}: {@link IpiMailbox}, with the
 * queue head polled or a doorbell ({@link IpiProtocol}); the flag mailbox a Java developer writes,
 * {@link FlagMailbox}, on the csd bytes or on Java objects ({@link Mailbox}, {@link PaddedMailbox},
 * {@link ContendedMailbox}, {@link MailboxObjects}); and the one-flag
 * floor {@link FlagPingPong}), what {@code func(info)} computes ({@link FuncWork}) and how a thread waits
 * ({@link SpinWait}). No JMH state lives here.
 */
package org.cachelinebench.model.ipi;
