package org.lexsync.cli;

import picocli.CommandLine;

/** Supplies {@code lexsync --version} from the jar manifest (falls back to "dev" when run from classes). */
final class Version implements CommandLine.IVersionProvider {
    static String current() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"lexsync " + current(), "JVM " + System.getProperty("java.version")};
    }
}
