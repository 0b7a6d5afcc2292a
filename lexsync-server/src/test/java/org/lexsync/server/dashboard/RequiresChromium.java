package org.lexsync.server.dashboard;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips the browser tests, each one reported as skipped with the reason (and the reason printed once to the build
 * log), when no Chromium is installed and {@code CI} is not set; with {@code CI} set they run and fail in
 * {@link HeadlessChromium#require()}.
 */
final class RequiresChromium implements ExecutionCondition {
    private static volatile boolean told;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String missing = HeadlessChromium.missing();
        if (missing == null || System.getenv("CI") != null) {
            return ConditionEvaluationResult.enabled("Chromium present, or CI set");
        }
        String reason = missing + "; browser tests skipped (they fail instead when CI is set)";
        if (!told) {
            told = true;
            System.err.println("DashboardBrowserTest: " + reason);
        }
        return ConditionEvaluationResult.disabled(reason);
    }
}
