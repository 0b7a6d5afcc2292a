package org.lexsync.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine's layering as rules (docs/architecture.md, "Packages and their rules"), checked on the compiled main
 * classes so the picture in the document stays true.
 */
class EngineArchitectureTest {
    private static JavaClasses engine;

    @BeforeAll
    static void importEngine() {
        engine = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.lexsync.engine");
    }

    @Test
    void enginePackagesFormNoCycles() {
        slices().matching("org.lexsync.engine.(*)..").should().beFreeOfCycles().check(engine);
    }

    @Test
    void protocolPackagesDoNotReachIntoTheStore() {
        noClasses().that().resideInAnyPackage("org.lexsync.engine.resourcesync..", "org.lexsync.engine.atom..",
                        "org.lexsync.engine.eli..", "org.lexsync.engine.crawler..")
                .should().dependOnClassesThat().resideInAPackage("org.lexsync.engine.store..")
                .because("planners plan; the applier and the harvest SPI's store port are the way to the store")
                .check(engine);
    }

    @Test
    void theCheckerTouchesNoStoreAndPlansNoChange() {
        noClasses().that().resideInAPackage("org.lexsync.engine.check..")
                .should().dependOnClassesThat().resideInAnyPackage("org.lexsync.engine.store..",
                        "org.lexsync.engine.apply..", "org.lexsync.engine.harvest..")
                .because("lexsync check runs without a store: it reads through the fetcher and the core readers "
                        + "(docs/architecture.md, \"The conformance checker\")")
                .check(engine);
    }

    @Test
    void theModelDependsOnNothingElseInTheEngine() {
        noClasses().that().resideInAPackage("org.lexsync.engine.model..")
                .should().dependOnClassesThat().resideInAnyPackage("org.lexsync.engine", "org.lexsync.engine.apply..",
                        "org.lexsync.engine.atom..", "org.lexsync.engine.check..", "org.lexsync.engine.config..", "org.lexsync.engine.crawler..",
                        "org.lexsync.engine.eli..",
                        "org.lexsync.engine.fetch..", "org.lexsync.engine.harvest..", "org.lexsync.engine.ingest..",
                        "org.lexsync.engine.rdf..",
                        "org.lexsync.engine.resourcesync..", "org.lexsync.engine.store..")
                .check(engine);
    }

    @Test
    void nothingInsideTheEngineDependsOnTheFacade() {
        noClasses().that().resideOutsideOfPackage("org.lexsync.engine")
                .should().dependOnClassesThat().resideInAPackage("org.lexsync.engine")
                .because("the facade is the front door; the parts behind it do not call back through it")
                .check(engine);
    }

    @Test
    void onlyTheFetchPackageOpensHttpConnections() {
        noClasses().that().resideOutsideOfPackage("org.lexsync.engine.fetch..")
                .should().dependOnClassesThat().resideInAnyPackage("java.net.http..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.HttpURLConnection")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URLConnection")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
                .orShould().callMethod(java.net.URL.class, "openConnection")
                .orShould().callMethod(java.net.URL.class, "openStream")
                .because("politeness, robots.txt, address guards and body limits live in the fetcher")
                .check(engine);
    }

    @Test
    void protocolPackagesDoNotReachIntoTheIngestionService() {
        noClasses().that().resideInAnyPackage("org.lexsync.engine.resourcesync..", "org.lexsync.engine.atom..",
                        "org.lexsync.engine.eli..", "org.lexsync.engine.apply..", "org.lexsync.engine.store..")
                .should().dependOnClassesThat().resideInAPackage("org.lexsync.engine.ingest..")
                .because("ingestion is a front end's way in (docs/architecture.md, \"Ingestion\"): it plans and the applier"
                        + " commits, never the other way round")
                .check(engine);
    }

    @Test
    void onlyTheCoreZipGateReadsZipArchives() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("java.util.zip.ZipFile")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.zip.ZipInputStream")
                .because("every ZIP is opened through the bounds-checked reader in org.lexsync.core.zip")
                .check(engine);
    }

    @Test
    void publishingReadsTheJournalAndNeedsNoHarvestingParts() {   // docs/architecture.md, "Publishing the aggregate"
        noClasses().that().resideInAPackage("org.lexsync.engine.publish..")
                .should().dependOnClassesThat().resideInAnyPackage("org.lexsync.engine.harvest..",
                        "org.lexsync.engine.apply..", "org.lexsync.engine.fetch..", "org.lexsync.engine.resourcesync..",
                        "org.lexsync.engine.atom..", "org.lexsync.engine.eli..", "org.lexsync.engine.rdf..",
                        "org.lexsync.engine.config..")
                .because("every published document is a projection of the journal, whatever protocol collected it")
                .check(engine);
    }

    @Test
    void publishingNeverWritesToTheStore() {
        noClasses().that().resideInAPackage("org.lexsync.engine.publish..")
                .should().callMethod(org.lexsync.engine.store.Store.class, "commit",
                        org.lexsync.engine.store.CommitBatch.class)
                .orShould().callMethod(org.lexsync.engine.store.Store.class, "gc", java.time.Duration.class)
                .orShould().dependOnClassesThat().haveNameMatching("org\\.lexsync\\.engine\\.store\\.(CommitBatch"
                        + "|ResourceWrite|InlineBlob|BatchWriter|GarbageCollector|SourceLeases|Checkpoints|ItemFailures"
                        + "|Runs|FetchCache)")
                .orShould().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe(
                        "a store method that writes (put, delete, setCheckpoint)", call ->
                                call.getTargetOwner().getPackageName().equals("org.lexsync.engine.store")
                                        && call.getName().matches("put|delete|setCheckpoint")))
                .because("publishing reads the journal, the resources and the blobs; only the applier writes")
                .check(engine);
    }
}
