/**
 * JMH results: {@link JmhResult}, read from JMH's {@code -rf json} files by {@link JmhResultReader}; bad
 * input is an {@link UnusableInputException} with a one-line message; files are written all or none by
 * {@link AtomicFiles}.
 */
package org.cachelinebench.results;
