package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The readiness log's changes (issue 28.3): a failure is logged at once, its recovery once the check stayed ok for the
 * settle time, and a check that passes once between failures (a full disk that frees a few kilobytes for a moment)
 * logs neither a recovery nor a second failure.
 */
class ReadinessMonitorTest {
    private static final Duration SETTLE = Duration.ofSeconds(2);
    private static final String FULL = "not writable: /data (No space left on device)";

    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger monitor = (Logger) LoggerFactory.getLogger(ReadinessMonitor.class);
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final ReadinessMonitor.LogOfChanges changes = new ReadinessMonitor.LogOfChanges(SETTLE, nanos::get);
    private Level level;

    @BeforeEach
    void capture() {
        level = monitor.getLevel();
        monitor.setLevel(Level.INFO);
        log.start();
        monitor.addAppender(log);
    }

    @AfterEach
    void release() {
        monitor.detachAppender(log);
        monitor.setLevel(level);
    }

    private List<String> lines() {
        return log.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    private void at(Duration sinceStart, String dataDirectory) {
        nanos.set(1_000_000_000L + sinceStart.toNanos());
        changes.observe(Map.of("dataDirectory", dataDirectory));
    }

    @Test
    void aCheckThatPassesOnceBetweenFailuresLogsOneFailureAndNoRecovery() {
        at(Duration.ZERO, FULL);
        at(Duration.ofMillis(15), Readiness.OK);
        at(Duration.ofMillis(30), FULL);
        at(Duration.ofSeconds(5), FULL);

        assertThat(lines()).containsExactly("not ready: dataDirectory: " + FULL);
    }

    @Test
    void aRecoveryIsLoggedOnceTheCheckHasStayedOkForTheSettleTime() {
        at(Duration.ZERO, FULL);
        at(Duration.ofSeconds(1), Readiness.OK);
        at(Duration.ofMillis(2_500), Readiness.OK);
        assertThat(lines()).as("ok for 1.5 s only").hasSize(1);

        at(Duration.ofMillis(3_000), Readiness.OK);
        at(Duration.ofSeconds(8), Readiness.OK);

        assertThat(lines()).containsExactly("not ready: dataDirectory: " + FULL,
                "ready again: dataDirectory is ok (was: " + FULL + ")");
    }
}
