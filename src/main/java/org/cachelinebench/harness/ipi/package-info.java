/**
 * The IPI mailbox benchmarks' own parts: the state a sender and a receiver share on one csd block
 * ({@link IpiMailboxState}) and the {@code @Param} values they share ({@link IpiParams}). The interleaved ones' side
 * lists are declared in their own benchmark files.
 */
package org.cachelinebench.harness.ipi;
