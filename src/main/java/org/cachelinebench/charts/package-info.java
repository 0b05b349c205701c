/**
 * Charts (JFreeChart, headless PNG) and a run folder's {@code README.md}, drawn only from the files a paired run
 * wrote (summary.json, metadata.json), so they can be regenerated without measuring anything. Tool:
 * {@link org.cachelinebench.charts.Charts} for the PNGs of one run,
 * {@link org.cachelinebench.charts.ResultsReport} for a run folder's page and charts.
 */
package org.cachelinebench.charts;
