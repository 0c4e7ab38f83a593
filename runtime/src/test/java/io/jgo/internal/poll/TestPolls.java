package io.jgo.internal.poll;

/** What tests read of the poller's descriptors (package-private counts). */
public final class TestPolls {

    private TestPolls() {
    }

    /**
     * The read-interest counts of a connection's poll descriptor ({@code io.jgo.net.Conn}'s {@code pd},
     * reached by reflection so this package does not depend on io.jgo.net): how often a waiter set
     * its interest, how often a fired read interest was dropped (nobody waited, or a blocking poll
     * fired it). Racy reads; call when the connection is quiet.
     */
    public static int[] readInterestCounts(Object conn) throws ReflectiveOperationException {
        java.lang.reflect.Field f = conn.getClass().getDeclaredField("pd");
        f.setAccessible(true);
        PollDesc pd = (PollDesc) f.get(conn);
        return new int[] {pd.rearms(), pd.readDrops()};
    }
}
