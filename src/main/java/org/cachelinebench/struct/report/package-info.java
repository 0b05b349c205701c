/** What the struct tool found ({@link Report}), printed ({@link ReportPrinter}) or as JSON ({@link ReportJson}). */
package org.cachelinebench.struct.report;
