package org.lexsync.server.schedule;

import com.github.kagkarlsson.scheduler.ScheduledExecution;
import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.event.AbstractSchedulerListener;
import com.github.kagkarlsson.scheduler.jdbc.AutodetectJdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.SqliteJdbcCustomization;
import com.github.kagkarlsson.scheduler.task.CompletionHandler;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.CustomTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.javalin.config.RoutesConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.model.StoreUnavailableException;
import org.lexsync.server.ApiError;
import org.lexsync.server.ProgressBoard;
import org.lexsync.server.RunProgress;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.lexsync.server.SourceActivity;
import org.lexsync.server.SourceControl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the approved sources of the configuration in force on their schedules (docs/architecture.md, "The server";
 * rinfo §9: the central system polls its approved sources one by one and collects a pinged one at once). Each
 * approved source has one db-scheduler execution in the store's database ({@code scheduled_tasks}), so:
 * <ul>
 *   <li>a source never runs twice at once (one row per source, picked by one node; the engine's lease besides);</li>
 *   <li>at most {@code max-concurrent-runs} harvests run together (the scheduler's threads), all through the
 *       facade's one polite fetcher;</li>
 *   <li>after downtime a source whose time has passed runs once, and its next run counts from the end of that one;</li>
 *   <li>a run whose node died stops sending heartbeats and is revived (run again) by a live node;</li>
 *   <li>on {@link #close()} running harvests are interrupted, commit their batch and stop at a checkpoint, and
 *       their executions are due at once, so a restart resumes them.</li>
 * </ul>
 * Pings and "run now" are coalesced: a source that is queued is not queued again, and a source that is running runs
 * at most once more after it. The operator's pause is kept by source id in the store ({@link org.lexsync.engine.Operations#pauseSource}),
 * not only in the execution row, so a paused source removed by a reload and added back stays paused.
 */
public final class HarvestScheduler implements ServerFeature, SourceControl {
    static final String TASK = "lexsync-harvest";
    /** Longest wait for running harvests to stop at a checkpoint when the server stops. */
    static final Duration STOP_GRACE = Duration.ofSeconds(8);
    /** The shortest silence of the scheduler's polling that {@link #notPolling} reports. */
    static final Duration MIN_POLL_SILENCE = Duration.ofSeconds(10);
    /**
     * On PostgreSQL a poll picks due executions for at most this many times the threads: none waits picked but not
     * running (where another node could have run it, and where no heartbeat keeps it from being declared dead).
     */
    static final double LOCK_AND_FETCH_UPPER = 1.0;
    private static final Logger LOG = LoggerFactory.getLogger(HarvestScheduler.class);

    private final ServerContext context;
    private final LexSync lexsync;
    private final Timing timing;
    private final CustomTask<TaskState> task;
    private final Map<String, Harvest> running = new ConcurrentHashMap<>();
    private final Set<String> rerun = ConcurrentHashMap.newKeySet();
    private final Set<String> followUp = ConcurrentHashMap.newKeySet();
    private final Map<String, Instant> lastStarted = new ConcurrentHashMap<>();
    private final ProgressBoard progress;
    private volatile boolean stopping;
    private volatile @Nullable Instant stopRequested;
    private volatile @Nullable Instant started;
    /**
     * When the scheduler last looked for due work and found out: db-scheduler's {@code RAN_EXECUTE_DUE} (every poll on
     * SQLite, only one that picked something in PostgreSQL's lock-and-fetch), or the return of a lock-and-fetch poll.
     */
    private volatile @Nullable Instant lastPoll;
    /** When the scheduler last failed to poll, complete a run or beat its heart (the store refused it, say). */
    private volatile @Nullable Instant lastError;
    private @Nullable Scheduler scheduler;
    private @Nullable ExecutorService executor;
    private final AtomicInteger threadCount = new AtomicInteger();

    /**
     * A harvest running in this process: its thread (interrupted when the server stops) and whether it is the one
     * extra run that requests coalesced during an earlier run asked for (requests during it are coalesced into it).
     */
    private record Harvest(Thread thread, boolean followUp) {
    }

    /**
     * How often the scheduler looks for due work, how fast it declares a silent node dead, and the shortest gap
     * between the starts of two runs of one source that a ping or "run now" asks for (a ping storm does not become a
     * run storm at the publisher).
     */
    public record Timing(Duration polling, Duration heartbeat, int missedHeartbeats, Duration requestGap) {
        /** Polls every second; a node silent for 4 × 2 s is dead and its runs are revived; requested runs 5 s apart. */
        public static final Timing DEFAULT = new Timing(Duration.ofSeconds(1), Duration.ofSeconds(2), 4,
                Duration.ofSeconds(5));

        /** The default timing with the heartbeat and missed beats of {@code cluster} (the {@code cluster:} section). */
        public static Timing of(org.lexsync.engine.model.ClusterSettings cluster) {
            return new Timing(DEFAULT.polling(), cluster.heartbeat(), cluster.missedHeartbeats(), DEFAULT.requestGap());
        }
    }

    /**
     * A scheduler over the context's facade and configuration, beating as the settings' {@code cluster:} section says;
     * it provides the context's {@link SourceControl}.
     */
    public HarvestScheduler(ServerContext context) {
        this(context, Timing.of(context.settings().cluster()));
    }

    public HarvestScheduler(ServerContext context, Timing timing) {
        this.context = context;
        this.progress = new ProgressBoard(context.clock());
        this.lexsync = context.lexsync();
        this.timing = timing;
        this.task = Tasks.custom(TASK, TaskState.class)
                .onDeadExecutionRevive()
                .execute(this::execute);
        context.provideSourceControl(this);
        context.onConfigurationReplaced(this::apply);
    }

    @Override
    public void routes(RoutesConfig routes) {
        // no routes of its own: the REST API, the ping endpoint and the dashboard use it as SourceControl
    }

    @Override
    public synchronized void start() {
        if (lexsync.operations().readOnly()) {
            throw new IllegalStateException("the store is read-only: a server cannot harvest into it");
        }
        int threads = context.settings().maxConcurrentRuns();
        ExecutorService pool = Executors.newFixedThreadPool(threads, this::harvestThread);
        executor = pool;
        boolean sqlite = lexsync.operations().sqliteStore();
        JdbcCustomization dialect = sqlite ? new SqliteJdbcCustomization()
                : new PollSignallingJdbcCustomization(
                        new AutodetectJdbcCustomization(lexsync.operations().schedulerDataSource()), this::polled);
        SchedulerBuilder builder = Scheduler.create(lexsync.operations().schedulerDataSource(), task)
                .threads(threads)
                .executorService(pool)
                .pollingInterval(timing.polling())
                .heartbeatInterval(timing.heartbeat())
                .missedHeartbeatsLimit(timing.missedHeartbeats())
                .enableImmediateExecution()
                .schedulerName(new SchedulerName.Fixed(nodeName()))
                .jdbcCustomization(dialect)
                .shutdownMaxWait(STOP_GRACE)
                .addSchedulerListener(new AbstractSchedulerListener() {
                    @Override
                    public void onSchedulerEvent(SchedulerEventType type) {
                        switch (type) {
                            case RAN_EXECUTE_DUE -> polled();
                            case UNEXPECTED_ERROR, COMPLETIONHANDLER_ERROR, FAILED_HEARTBEAT,
                                 FAILED_MULTIPLE_HEARTBEATS -> lastError = context.clock().instant();
                            default -> {
                                // the other events say nothing about whether it works
                            }
                        }
                    }
                });
        if (!sqlite && dialect.supportsSingleStatementLockAndFetch()) {
            // one statement (UPDATE … FOR UPDATE SKIP LOCKED … RETURNING) picks a batch of due executions: one
            // transaction per poll instead of an update and a re-read per pick, and nodes polling at once skip each
            // other's rows instead of racing for them with updates that lose (docs/benchmarks.md, "Cutting the
            // cluster's cost per check"); the dialect signals every such poll, picked or not, for notPolling
            builder.pollUsingLockAndFetch(lockAndFetchLower(threads), LOCK_AND_FETCH_UPPER);
        }
        Scheduler s = builder.build();
        scheduler = s;
        keepExecutionPausesInTheStore(s);
        started = context.clock().instant();
        apply(context.configuration());
        s.start();
    }

    /**
     * Makes the executions match {@code configuration}: every configured source is registered with the facade; an
     * approved source without an execution gets one due now; a changed schedule is re-planned; the execution of a
     * source no longer approved (or no longer there) is cancelled, or removed when its running harvest ends.
     */
    synchronized void apply(Configuration configuration) {
        Scheduler s = scheduler;
        for (Source source : configuration.sources()) {
            lexsync.register(source);
        }
        if (s == null) {
            return; // start() applies the configuration in force
        }
        Instant now = context.clock().instant();
        Map<String, ScheduledExecution<TaskState>> existing = executions(s);
        Set<String> paused = lexsync.operations().pausedSources();
        for (Source source : configuration.approved()) {
            ScheduledExecution<TaskState> e = existing.remove(source.id());
            boolean isPaused = paused.contains(source.id());
            if (e == null) {
                s.scheduleIfNotExists(task.instance(source.id(), new TaskState(source.schedule(), isPaused)),
                        isPaused ? NextRun.PAUSED : now);
                LOG.info("source {} scheduled ({}){}", source.id(), schedule(source.schedule()),
                        isPaused ? ", paused (its pause is kept in the store)" : "");
                continue;
            }
            TaskState state = data(e);
            if (isPaused && !state.paused() && !e.isPicked()) {
                reschedule(s, source.id(), NextRun.PAUSED, new TaskState(source.schedule(), true));
                continue;
            }
            if (!e.isPicked() && !state.paused() && !java.util.Objects.equals(state.schedule(), source.schedule())) {
                Instant next = NextRun.after(source.schedule(), now);
                Instant at = e.getExecutionTime().isBefore(next) ? e.getExecutionTime() : next;
                reschedule(s, source.id(), at, new TaskState(source.schedule(), false));
                LOG.info("source {} re-scheduled ({}), next run {}", source.id(), schedule(source.schedule()), at);
            }
        }
        for (ScheduledExecution<TaskState> gone : existing.values()) {
            if (!gone.isPicked()) {
                try {
                    s.cancel(gone.getTaskInstance());
                    LOG.info("source {} unscheduled (no longer approved in the configuration)", gone.getTaskInstance().getId());
                } catch (RuntimeException raced) {
                    // picked meanwhile: removed when its run ends
                }
            }
        }
        s.triggerCheckForDueExecutions();
    }

    /** Pauses kept only in an execution row (before the store kept them by id) are written to the store once. */
    private void keepExecutionPausesInTheStore(Scheduler s) {
        for (ScheduledExecution<TaskState> e : executions(s).values()) {
            if (data(e).paused()) {
                lexsync.operations().pauseSource(e.getTaskInstance().getId());
            }
        }
    }

    private static String schedule(@Nullable String text) {
        return text == null ? "every " + org.lexsync.engine.model.SourceSchedule.DEFAULT : text;
    }

    /** One scheduled run of a source: harvests it and says when it runs next. */
    private CompletionHandler<TaskState> execute(TaskInstance<TaskState> instance, ExecutionContext ctx) {
        String id = instance.getId();
        if (stopping) {
            return (done, ops) -> ops.reschedule(done, context.clock().instant());
        }
        Optional<Source> configured = context.configuration().source(id).filter(Source::approved);
        if (configured.isEmpty()) {
            return (done, ops) -> ops.remove();
        }
        // the execution's own flag, not a read of the store: pause() puts it on every execution it does not find
        // running, and the completion below reads the store's pause (one read per check, not two), so a pause that
        // races with this pick lets this one run end and pauses the source after it
        if (instance.getData() != null && instance.getData().paused()) {
            TaskState state = new TaskState(configured.get().schedule(), true);
            return (done, ops) -> ops.reschedule(done, NextRun.PAUSED, state);
        }
        running.put(id, new Harvest(Thread.currentThread(), followUp.remove(id)));
        lastStarted.put(id, context.clock().instant());
        rerun.remove(id);
        boolean interrupted = false;
        try {
            HarvestReport report = lexsync.harvest(id, progress.listener(id));
            RunCounts c = report.apply() == null ? RunCounts.ZERO : report.apply().counts();
            boolean news = c.created() + c.updated() + c.deleted() + c.failed() > 0;
            String line = "harvested {}: created {}, updated {}, deleted {}, unchanged {}, failed {} in {} ms";
            Object[] args = {id, c.created(), c.updated(), c.deleted(), c.unchanged(), c.failed(),
                report.elapsed().toMillis()};
            if (news) {
                LOG.info(line, args);
            } else {
                LOG.debug(line, args); // a thousand sources polled every minute: only news is worth a line
            }
        } catch (SourceBusyException e) {
            LOG.info("{}: {}", id, e.getMessage());
            running.remove(id);
            Instant retry = context.clock().instant().plus(timing.heartbeat().multipliedBy(timing.missedHeartbeats()));
            return (done, ops) -> ops.reschedule(done, retry, instance.getData());
        } catch (RuntimeException e) {
            interrupted = stopping;
            if (interrupted) {
                LOG.info("{} stopped at its last committed batch: the server is stopping", id);
            } else if (storeUnavailable(e)) {
                // a full or read-only store: /readyz says so, and logs it once (ReadinessMonitor), not once per run
                LOG.debug("{}: harvest failed: {}", id, e.getMessage());
            } else {
                LOG.warn("{}: harvest failed: {}", id, e.getMessage());
            }
        } catch (Error e) {
            running.remove(id);
            throw e;
        } finally {
            progress.finished(id);
            Thread.interrupted(); // the completion below writes to the store
        }
        boolean resumeAtOnce = interrupted || stopping;
        return (done, ops) -> {
            try {
                Optional<Source> now = context.configuration().source(id).filter(Source::approved);
                if (now.isEmpty()) {
                    ops.remove();
                    return;
                }
                TaskState state = new TaskState(now.get().schedule(),
                        pausedInStore(id, instance.getData() != null && instance.getData().paused()));
                Instant t = context.clock().instant();
                boolean again = !state.paused() && rerun.remove(id);
                if (again) {
                    followUp.add(id);
                }
                Instant next = state.paused() ? NextRun.PAUSED : resumeAtOnce ? t
                        : again ? requestedAt(id, t) : NextRun.after(state.schedule(), t);
                ops.reschedule(done, next, state);
            } finally {
                running.remove(id); // only now: a request before the reschedule is coalesced, not lost
            }
        };
    }

    @Override
    public Optional<SourceActivity> activity(String sourceId) {
        Optional<Source> source = context.configuration().source(sourceId);
        if (source.isEmpty()) {
            return Optional.empty();
        }
        Scheduler s = scheduler;
        ScheduledExecution<TaskState> e = null;
        if (s != null && source.get().approved()) {
            e = s.getScheduledExecution(TaskInstanceId.of(TASK, sourceId)).map(HarvestScheduler::typed).orElse(null);
        }
        return Optional.of(activityOf(sourceId, e, lexsync.operations().sourcePaused(sourceId), context.clock().instant()));
    }

    @Override
    public Optional<RunProgress> progress(String sourceId) {
        if (progress.of(sourceId).isEmpty()) {
            return Optional.empty();
        }
        long done = lexsync.store().runs(sourceId, 1).stream().filter(r -> r.ended() == null)
                .mapToLong(r -> r.counts().total()).findFirst().orElse(0);
        return progress.of(sourceId, done);
    }

    @Override
    public List<SourceActivity> activities() {
        Scheduler s = scheduler;
        Map<String, ScheduledExecution<TaskState>> all = s == null ? Map.of() : executions(s);
        Instant now = context.clock().instant();
        Set<String> paused = lexsync.operations().pausedSources();
        List<SourceActivity> list = new ArrayList<>();
        for (Source source : context.configuration().sources()) {
            list.add(activityOf(source.id(), source.approved() ? all.get(source.id()) : null,
                    paused.contains(source.id()), now));
        }
        return list;
    }

    private SourceActivity activityOf(String id, @Nullable ScheduledExecution<TaskState> e, boolean paused,
                                      Instant now) {
        if (running.containsKey(id)) {
            return new SourceActivity(id, SourceActivity.State.RUNNING, null);
        }
        if (paused) {
            return new SourceActivity(id, SourceActivity.State.PAUSED, null);
        }
        if (e == null) {
            return new SourceActivity(id, SourceActivity.State.IDLE, null);
        }
        if (data(e).paused()) {
            return new SourceActivity(id, SourceActivity.State.PAUSED, null);
        }
        if (e.isPicked()) {
            return new SourceActivity(id, SourceActivity.State.RUNNING, null);
        }
        SourceActivity.State state = e.getExecutionTime().isAfter(now) ? SourceActivity.State.IDLE
                : SourceActivity.State.QUEUED;
        return new SourceActivity(id, state, e.getExecutionTime());
    }

    @Override
    public boolean runNow(String sourceId) {
        Scheduler s = requireScheduler();
        Source source = approvedSource(sourceId);
        Optional<ScheduledExecution<TaskState>> e = s.getScheduledExecution(TaskInstanceId.of(TASK, sourceId))
                .map(HarvestScheduler::typed);
        if (lexsync.operations().sourcePaused(sourceId)) {
            throw new ApiError(409, "source '" + sourceId + "' is paused: resume it first");
        }
        Harvest current = running.get(sourceId);
        if (current != null) {
            // one more run after this one, unless this one is already that extra run
            return !current.followUp() && rerun.add(sourceId);
        }
        if (e.isPresent() && e.get().isPicked()) {
            return false; // running on another node
        }
        Instant now = requestedAt(sourceId, context.clock().instant());
        if (e.isEmpty()) {
            boolean added = s.scheduleIfNotExists(task.instance(sourceId, new TaskState(source.schedule(), false)), now);
            s.triggerCheckForDueExecutions();
            return added;
        }
        if (!e.get().getExecutionTime().isAfter(now)) {
            return false; // already queued
        }
        if (!reschedule(s, sourceId, now, data(e.get()))) {
            return rerun.add(sourceId); // picked meanwhile: run once more after it
        }
        s.triggerCheckForDueExecutions();
        return true;
    }

    /** When a requested run may start: now, or {@link Timing#requestGap} after the source's last start. */
    private Instant requestedAt(String sourceId, Instant now) {
        Instant last = lastStarted.get(sourceId);
        Instant earliest = last == null ? now : last.plus(timing.requestGap());
        return earliest.isAfter(now) ? earliest : now;
    }

    @Override
    public synchronized void pause(String sourceId) {
        Scheduler s = requireScheduler();
        approvedSource(sourceId);
        boolean changed = lexsync.operations().pauseSource(sourceId);
        rerun.remove(sourceId);
        Optional<ScheduledExecution<TaskState>> e = s.getScheduledExecution(TaskInstanceId.of(TASK, sourceId))
                .map(HarvestScheduler::typed);
        if (e.isPresent() && !data(e.get()).paused() && !running.containsKey(sourceId) && !e.get().isPicked()) {
            reschedule(s, sourceId, NextRun.PAUSED, data(e.get()).withPaused(true)); // a running one: when it ends
        }
        if (changed) {
            LOG.info("source {} paused", sourceId);
        }
    }

    @Override
    public synchronized void resume(String sourceId) {
        Scheduler s = requireScheduler();
        approvedSource(sourceId);
        boolean changed = lexsync.operations().resumeSource(sourceId);
        Optional<ScheduledExecution<TaskState>> e = s.getScheduledExecution(TaskInstanceId.of(TASK, sourceId))
                .map(HarvestScheduler::typed);
        if (e.isPresent() && data(e.get()).paused()) {
            reschedule(s, sourceId, context.clock().instant(), data(e.get()).withPaused(false));
            s.triggerCheckForDueExecutions();
        }
        if (changed) {
            LOG.info("source {} resumed", sourceId);
        }
    }

    @Override
    public boolean running() {
        Scheduler s = scheduler;
        return s != null && !stopping && s.getSchedulerState().isStarted() && !s.getSchedulerState().isShuttingDown();
    }

    /**
     * A thread of the scheduler's pool. What escapes a task on it — db-scheduler's picking of a due execution when the
     * store refuses the write, every second while the disk is full — is a scheduler failure for {@link #notPolling}
     * (and so one line of {@code ReadinessMonitor}), not a stack trace on standard error.
     */
    private Thread harvestThread(Runnable r) {
        Thread t = new Thread(r, "lexsync-harvest-" + threadCount.incrementAndGet());
        t.setUncaughtExceptionHandler((thread, e) -> {
            lastError = context.clock().instant();
            LOG.debug("{}: {}", thread.getName(), e.toString());
        });
        return t;
    }

    /**
     * Not polling: no look for due work for more than five polling intervals (at least 10 s) while a harvest thread is
     * free (db-scheduler does not look while all its threads are busy), or a poll, a run's completion or a heartbeat
     * failed within that time (the store refused the write). A poll that fails does not count as a look.
     */
    @Override
    public Optional<String> notPolling(Instant now) {
        Instant since = lastPoll != null ? lastPoll : started;
        if (since == null) {
            return Optional.empty();
        }
        Duration limit = timing.polling().multipliedBy(5);
        limit = limit.compareTo(MIN_POLL_SILENCE) < 0 ? MIN_POLL_SILENCE : limit;
        Instant failed = lastError;
        if (failed != null && Duration.between(failed, now).compareTo(limit) <= 0) {
            return Optional.of("failing: its work on the store failed at " + failed + " (see the other checks)");
        }
        Duration silent = Duration.between(since, now);
        if (silent.compareTo(limit) <= 0 || running.size() >= context.settings().maxConcurrentRuns()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "not polling: no look for due work for %d s (%s; it polls every"
                + " %d ms)", silent.toSeconds(), lastPoll == null ? "none since it started" : "last at " + lastPoll,
                timing.polling().toMillis()));
    }

    /**
     * The fraction of {@code threads} at or under which db-scheduler polls again as soon as a run ends, when its last
     * poll found as many due executions as it could take: one thread fewer than all, so a thread that frees up while
     * work is due takes the next at once instead of idling until the next poll (at 1,000 checks a minute on four
     * threads, a thread idle for up to a second after each run let the schedule fall behind). db-scheduler wants it
     * strictly under the upper fraction and takes the whole part of {@code fraction × threads}.
     */
    static double lockAndFetchLower(int threads) {
        return (threads - 0.5) / threads;
    }

    /** The scheduler looked for due work and got its answer (whatever it picked). */
    private void polled() {
        lastPoll = context.clock().instant();
    }

    /** The sources harvesting in this process now. */
    public Set<String> harvesting() {
        return Set.copyOf(running.keySet());
    }

    /**
     * Stops taking work and stops running harvests at their last committed batch (at most {@link #STOP_GRACE}); their
     * runs are marked interrupted and their executions are due at once, so a restart resumes them.
     */
    @Override
    public void close() {
        Scheduler s;
        synchronized (this) {
            s = scheduler;
            if (s == null || stopping) {
                return;
            }
            stopping = true;
            stopRequested = context.clock().instant();
        }
        running.values().forEach(h -> h.thread().interrupt());
        s.stop();
        ExecutorService pool = executor;
        if (pool != null) {
            pool.shutdownNow(); // db-scheduler stops the pool it was given; this makes sure
        }
        Instant since = stopRequested;
        if (since != null) {
            try {
                lexsync.operations().interruptHeldRuns(since.minusSeconds(1), "stopped with the server (lexsync serve)");
            } catch (RuntimeException e) {
                LOG.warn("could not mark the interrupted runs: {}", e.getMessage());
            }
        }
    }

    /** The store's pause of the source; {@code otherwise} when the store cannot be read now. */
    private boolean pausedInStore(String id, boolean otherwise) {
        try {
            return lexsync.operations().sourcePaused(id);
        } catch (RuntimeException e) {
            LOG.warn("{}: cannot read its pause from the store ({}); keeping the execution's", id, e.getMessage());
            return otherwise;
        }
    }

    private static boolean storeUnavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StoreUnavailableException) {
                return true;
            }
        }
        return false;
    }

    private Scheduler requireScheduler() {
        Scheduler s = scheduler;
        if (s == null || stopping) {
            throw new ApiError(503, "the scheduler is not running");
        }
        return s;
    }

    private Source approvedSource(String sourceId) {
        Source source = context.configuration().source(sourceId).orElseThrow(() -> ApiError.notFound(
                String.format(Locale.ROOT, "no source '%s' in %s", sourceId, context.configuration().file())));
        if (!source.approved()) {
            throw new ApiError(409, "source '" + sourceId + "' is not approved in " + context.configuration().file());
        }
        return source;
    }

    /** Reschedules unless the execution is picked (running) now; false then. */
    private static boolean reschedule(Scheduler s, String id, Instant at, TaskState state) {
        try {
            return s.reschedule(TaskInstanceId.of(TASK, id), at, state);
        } catch (RuntimeException picked) {
            return false;
        }
    }

    private static Map<String, ScheduledExecution<TaskState>> executions(Scheduler s) {
        Map<String, ScheduledExecution<TaskState>> map = new HashMap<>();
        s.fetchScheduledExecutionsForTask(TASK, TaskState.class,
                com.github.kagkarlsson.scheduler.ScheduledExecutionsFilter.all(), e -> map.put(e.getTaskInstance().getId(), e));
        return map;
    }

    @SuppressWarnings("unchecked")
    private static ScheduledExecution<TaskState> typed(ScheduledExecution<Object> e) {
        return (ScheduledExecution<TaskState>) (ScheduledExecution<?>) e;
    }

    private static TaskState data(ScheduledExecution<TaskState> e) {
        Object d = e.getData();
        return d instanceof TaskState t ? t : new TaskState(null, false);
    }

    private static String nodeName() {
        return "lexsync-" + ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime() & 0xffffff);
    }
}
