package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Transforms clean values in the order configured; a replacement naming a missing group is refused when made. */
class ValueTransformTest {

    @Test
    void replaceUsesCaptureGroupsAndStepsApplyInOrder() {
        List<ValueTransform> steps = List.of(ValueTransform.Simple.COLLAPSE_WHITESPACE,
                new ValueTransform.Replace(Pattern.compile("^No\\.\\s*(\\d+)/(\\d{4})$"), "$2-$1"),
                ValueTransform.Simple.UPPER);
        assertThat(ValueTransform.applyAll(steps, "  No.\u00a0 12/2014 ")).isEqualTo("2014-12");
    }

    @Test
    void namedGroupsToo() {
        assertThat(new ValueTransform.Replace(Pattern.compile("(?<n>\\d+)"), "#${n}").apply("case 7")).isEqualTo("case #7");
    }

    @Test
    void mapReplacesKnownValuesAndUsesTheDefaultForOthers() {
        ValueTransform m = new ValueTransform.MapValues(Map.of("CE", "Conseil d'État"), "other");
        assertThat(m.apply("CE")).isEqualTo("Conseil d'État");
        assertThat(m.apply("CC")).isEqualTo("other");
        assertThat(new ValueTransform.MapValues(Map.of("CE", "x"), null).apply("CC")).isEqualTo("CC");
    }

    @Test
    void titleCaseTrimLower() {
        assertThat(ValueTransform.Simple.TITLE_CASE.apply("SMITH v. O'BRIEN-JONES")).isEqualTo("Smith V. O'brien-Jones");
        assertThat(ValueTransform.Simple.TRIM.apply("  a b ")).isEqualTo("a b");
        assertThat(ValueTransform.Simple.LOWER.apply("ABC")).isEqualTo("abc");
    }

    @Test
    void aReplacementNamingAGroupTheExpressionLacksIsRefused() {
        assertThatThrownBy(() -> new ValueTransform.Replace(Pattern.compile("(\\d+)"), "$2"))
                .hasMessageContaining("$2");
        assertThatThrownBy(() -> new ValueTransform.Replace(Pattern.compile("(\\d+)"), "${year}"))
                .hasMessageContaining("year");
        assertThatThrownBy(() -> new ValueTransform.Replace(Pattern.compile("x"), "US$"))
                .hasMessageContaining("\\$");
    }
}
