package org.lexsync.server.schedule;

import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.JdbcTaskRepositoryContext;
import com.github.kagkarlsson.scheduler.task.Execution;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * db-scheduler's database dialect, unchanged, that also says when a lock-and-fetch poll returned. In lock-and-fetch
 * mode db-scheduler 16.12 reports {@code RAN_EXECUTE_DUE} only for a poll that picked something, so an idle, healthy
 * node would look as if it had stopped polling; the statement that picks due executions
 * ({@code UPDATE … FOR UPDATE SKIP LOCKED … RETURNING}) runs on every poll whatever it finds, and its return — with no
 * rows or some — is the scheduler's proof of life that {@link HarvestScheduler#notPolling} reads. A poll that fails
 * throws before the signal, and one stuck behind a lock never returns, so neither counts.
 */
final class PollSignallingJdbcCustomization implements JdbcCustomization {
    private final JdbcCustomization delegate;
    private final Runnable polled;

    PollSignallingJdbcCustomization(JdbcCustomization delegate, Runnable polled) {
        this.delegate = delegate;
        this.polled = polled;
    }

    @Override
    public List<Execution> lockAndFetchSingleStatement(JdbcTaskRepositoryContext ctx, Instant now, int limit,
                                                       boolean orderByPriority) {
        List<Execution> picked = delegate.lockAndFetchSingleStatement(ctx, now, limit, orderByPriority);
        polled.run();
        return picked;
    }

    @Override
    public String getName() {
        return delegate.getName();
    }

    @Override
    public void setInstant(PreparedStatement p, int index, Instant value) throws SQLException {
        delegate.setInstant(p, index, value);
    }

    @Override
    public Instant getInstant(ResultSet rs, String column) throws SQLException {
        return delegate.getInstant(rs, column);
    }

    @Override
    public void setTaskData(PreparedStatement p, int index, byte[] value) throws SQLException {
        delegate.setTaskData(p, index, value);
    }

    @Override
    public byte[] getTaskData(ResultSet rs, String column) throws SQLException {
        return delegate.getTaskData(rs, column);
    }

    @Override
    public boolean supportsExplicitQueryLimitPart() {
        return delegate.supportsExplicitQueryLimitPart();
    }

    @Override
    public String getQueryLimitPart(int limit) {
        return delegate.getQueryLimitPart(limit);
    }

    @Override
    public boolean supportsSingleStatementLockAndFetch() {
        return delegate.supportsSingleStatementLockAndFetch();
    }

    @Override
    public boolean supportsGenericLockAndFetch() {
        return delegate.supportsGenericLockAndFetch();
    }

    @Override
    public String createGenericSelectForUpdateQuery(String tableName, int limit, String requiredAndCondition,
                                                    boolean orderByPriority) {
        return delegate.createGenericSelectForUpdateQuery(tableName, limit, requiredAndCondition, orderByPriority);
    }

    @Override
    public String createSelectDueQuery(String tableName, int limit, String andCondition, boolean orderByPriority) {
        return delegate.createSelectDueQuery(tableName, limit, andCondition, orderByPriority);
    }
}
