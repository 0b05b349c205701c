/**
 * Tools: command-line plumbing. {@link PrintLayouts} is {@code benchmarks/layout}: every modelled struct
 * as pahole prints it, where each benchmark variant places it, and the Java classes' layouts (JOL).
 */
package org.cachelinebench.cli;
