package io.jgo.internal.sockets;

/**
 * Marks a stream, reader or writer whose reads or writes park a goroutine on the poller (a
 * channel-backed socket's input or output, jgo's TLS socket's, or a parking decorator over one): the
 * decorator factories of {@link SocketIo}, {@link OutputIo}, {@link WriterIo} and {@link PrintIo}
 * wrap only these in parking decorators; anything else gets the JDK's.
 */
interface Parks {
}
