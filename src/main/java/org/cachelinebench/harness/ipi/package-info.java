/**
 * The IPI mailbox benchmarks' own parts: the state a sender and a receiver share on one csd block
 * ({@link IpiMailboxState}), the {@code @Param} values they share ({@link IpiParams}), and the side lists of the
 * interleaved ones, each side a factory of its handshake: the csd's ({@link CsdSides}), the offset sweep's
 * ({@link SweepSides}) and the object mailbox's, chosen from live addresses ({@link ObjectMailboxSides}).
 */
package org.cachelinebench.harness.ipi;
