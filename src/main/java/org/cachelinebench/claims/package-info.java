/**
 * The suite's claims, as data: which variants are measured together ({@link ComparisonSet}, {@link Variant}),
 * which ratios are formed and which way each is expected to go ({@link Claim}, {@link Expect}), and how much
 * to run ({@link Profile}, {@link IterationSpec}); {@link Suite} lists them all, the informational sets of the
 * mailbox lesson kept apart in {@link MailboxSets}. The gate's one number, its confidence, is in
 * {@link GateRule}; {@link MachineState} names the states a round's floor puts it in; {@link InterleavedReference} holds the rule
 * that an interleaved claim divides by its benchmark's reference side. The runner executes them.
 */
package org.cachelinebench.claims;
