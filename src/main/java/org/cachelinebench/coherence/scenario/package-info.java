/**
 * The suite's sides traced ({@link Scenario}, {@link SuiteScenarios}, {@link ObjectMailboxScenarios},
 * {@link ScalingScenarios}) and the many-CPU shapes and their curves ({@link Shape}, {@link Shapes},
 * {@link CsdManyShape}, {@link ScalingCurves}). The suite's scenarios and the shapes use each other, so they share
 * this room.
 */
package org.cachelinebench.coherence.scenario;
