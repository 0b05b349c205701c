/**
 * {@code benchmarks/predict} ({@link Predict}): the curves' result folder and charts ({@link CurveFolder},
 * {@link CurveChart}), independent points traced on every core ({@link Points}), and the modelled structs
 * {@code --struct} knows ({@link StructCatalog}).
 */
package org.cachelinebench.coherence.predict;
