/**
 * A layout with roles and rates predicted, for the struct tool and {@code benchmarks/predict --roles}: the fields
 * and each role's accesses ({@link RolePrediction}), how often an access happens ({@link Rate}), and the roles
 * written as text ({@link RoleSpec}).
 */
package org.cachelinebench.coherence.role;
