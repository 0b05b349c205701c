/**
 * Figures that check themselves: the tables and numbers the READMEs quote, recomputed from the committed run
 * files between marker comments (docs/figures.md), written by {@code benchmarks/figures} and checked by the
 * build's test, so that a figure cannot drift from the files it comes from.
 */
package org.cachelinebench.figures;
