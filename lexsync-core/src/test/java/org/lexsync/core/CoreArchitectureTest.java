package org.lexsync.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The core module's layering as rules (docs/architecture.md, "Packages and their rules"): it reads and writes
 * documents and depends on nothing else in LexSync.
 */
class CoreArchitectureTest {
    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.lexsync.core");
    }

    @Test
    void coreDependsOnNothingElseInLexSync() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.lexsync.engine..", "org.lexsync.cli..",
                "org.lexsync.fixture..", "org.lexsync.bench..").check(core);
    }

    @Test
    void corePackagesFormNoCycles() {
        slices().matching("org.lexsync.core.(*)..").should().beFreeOfCycles().check(core);
    }

    @Test
    void onlyTheZipGateReadsZipArchives() {
        noClasses().that().resideOutsideOfPackage("org.lexsync.core.zip..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.util.zip.ZipFile")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.zip.ZipInputStream")
                .because("every ZIP is opened through the bounds-checked reader in org.lexsync.core.zip")
                .check(core);
    }

    @Test
    void coreOpensNoNetworkConnections() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.net.http..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.HttpURLConnection")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
                .orShould().callMethod(java.net.URL.class, "openConnection")
                .orShould().callMethod(java.net.URL.class, "openStream")
                .because("parsers do no I/O beyond the streams they are given").check(core);
    }
}
