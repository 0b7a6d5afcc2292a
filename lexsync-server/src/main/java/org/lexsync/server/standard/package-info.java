/** The assembly of every server feature into the server {@code lexsync serve} runs. */
@NullMarked
package org.lexsync.server.standard;

import org.jspecify.annotations.NullMarked;
