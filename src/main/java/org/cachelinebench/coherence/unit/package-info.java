/**
 * Predictions in the unit a comparison is measured in: the probes' costs ({@link ProbeCosts}), a call's critical
 * path ({@link CriticalPath}, traced on {@link PathMemory}), the prediction from both
 * ({@link MeasuredUnitPrediction}), and the reader claims' ratio ({@link ReaderRatio}).
 */
package org.cachelinebench.coherence.unit;
