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
 * through the facade and the model, like the server and any Java program.
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
}
