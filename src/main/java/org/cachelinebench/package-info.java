/**
 * The jar's entry point, {@link org.cachelinebench.Main}: JMH's command line, every {@code -p} value checked
 * first. The packages are layers, each using only those before it: {@code model.*} (the kernel's structs and
 * protocols), {@code harness} (JMH states and workloads), {@code benchmarks}, {@code claims}, {@code runner}
 * (the paired runner). {@code results} (the JMH result model, its reader and writer), {@code gate} and
 * {@code charts} read and judge what was measured; {@code cli} holds what every command's command line shares.
 */
package org.cachelinebench;
