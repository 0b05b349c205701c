/**
 * Each comparison of the suite predicted in line transfers ({@link Predictions}, {@link ClaimPrediction}), and how
 * a measurement is known to differ from the count ({@link KnownDifferences}).
 */
package org.cachelinebench.coherence.claim;
