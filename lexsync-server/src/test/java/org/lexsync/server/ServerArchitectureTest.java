package org.lexsync.server;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The server is a front end (docs/architecture.md, "The engine as a library"): it reaches the engine only through
 * the facade and the model, and its feature packages do not form cycles.
 */
class ServerArchitectureTest {
    private static final JavaClasses SERVER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.lexsync.server");

    @Test
    void theServerUsesOnlyTheFacadeAndTheModel() {
        noClasses().should().dependOnClassesThat(resideInAPackage("org.lexsync.engine..")
                        .and(not(resideInAnyPackage("org.lexsync.engine", "org.lexsync.engine.model"))))
                .because("front ends reach the engine through org.lexsync.engine.LexSync and org.lexsync.engine.model")
                .check(SERVER);
    }

    @Test
    void theRootPackageNamesNoFeature() {
        noClasses().that().resideInAPackage("org.lexsync.server").should().dependOnClassesThat()
                .resideInAnyPackage("org.lexsync.server.*..")
                .because("features depend on the root package; StandardFeatures assembles them")
                .check(SERVER);
    }

    @Test
    void featurePackagesReachEachOtherOnlyThroughTheRootPackage() {
        slices().matching("org.lexsync.server.(*)..").should().notDependOnEachOther()
                .ignoreDependency(resideInAPackage("org.lexsync.server.standard"),
                        com.tngtech.archunit.base.DescribedPredicate.alwaysTrue())
                .because("features share SourceControl, SourceActivity and ServerContext (docs/architecture.md,"
                        + " \"The server\")").allowEmptyShould(true).check(SERVER);
    }

    @Test
    void featurePackagesHaveNoCycles() {
        slices().matching("org.lexsync.server.(*)..").should().beFreeOfCycles().allowEmptyShould(true).check(SERVER);
    }

    @Test
    void theDashboardAndTheMetricsReachTheSchedulerOnlyThroughSourceControl() {
        noClasses().that().resideInAnyPackage("org.lexsync.server.dashboard..", "org.lexsync.server.metrics..")
                .should().dependOnClassesThat().resideInAnyPackage("org.lexsync.server.schedule..",
                        "org.lexsync.server.api..")
                .because("docs/architecture.md, \"Dashboard and metrics\": they read the scheduler through "
                        + "SourceControl and send commands through the REST API")
                .check(SERVER);
    }
}
