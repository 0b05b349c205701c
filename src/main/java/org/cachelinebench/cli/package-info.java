/**
 * Command-line plumbing every command shares: {@link CommandLine}, the one option parser
 * ({@code --name VALUE} or {@code --name=VALUE}, {@code --help}, one line and exit 2 for bad input), and
 * {@link TextTable}, the one formatter of terminal tables. And one tool: {@link PrintLayouts} is
 * {@code benchmarks/layout}, every modelled struct as pahole prints it, where each benchmark variant places it,
 * and the Java classes' layouts (JOL).
 */
package org.cachelinebench.cli;
