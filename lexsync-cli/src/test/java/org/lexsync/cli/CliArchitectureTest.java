package org.lexsync.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The command line is a front end (docs/architecture.md, "The engine as a library"): it reaches the engine only
 * through the facade and the model, like the server and any Java program. The command line stays on the class path
 * (no module-info), so these rules say for it what the module descriptors of core, engine and server say for modules:
 * only their exported packages.
 */
class CliArchitectureTest {

    @Test
    void theCommandLineUsesOnlyTheFacadeAndTheModel() {
        JavaClasses cli = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.lexsync.cli");
        noClasses().should().dependOnClassesThat(resideInAPackage("org.lexsync.engine..")
                        .and(not(resideInAnyPackage("org.lexsync.engine", "org.lexsync.engine.model"))))
                .because("front ends reach the engine through org.lexsync.engine.LexSync and org.lexsync.engine.model")
                .check(cli);
    }

    @Test
    void theCommandLineUsesOnlyTheExportedPackagesOfServerAndCore() {
        JavaClasses cli = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.lexsync.cli");
        noClasses().should().dependOnClassesThat(
                        resideInAPackage("org.lexsync.server..")
                                .and(not(resideInAnyPackage("org.lexsync.server", "org.lexsync.server.standard")))
                                .or(resideInAnyPackage("org.lexsync.core.json..", "org.lexsync.core.uri..",
                                        "org.lexsync.core.zip..")))
                .because("lexsync-server exports org.lexsync.server and server.standard, and lexsync-core exports "
                        + "json, uri and zip only to the engine (their module-info.java)")
                .check(cli);
    }
}
