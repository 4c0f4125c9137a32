package dev.llmproxy.domain.access;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClientAddressTest {

    private static final List<Cidr> TRUSTED = List.of(Cidr.parse("10.0.0.0/8"), Cidr.parse("::1"));
    private static final ForwardingHeader XFF = ForwardingHeader.X_FORWARDED_FOR;
    private static final ForwardingHeader FWD = ForwardingHeader.FORWARDED;

    @Test
    void onlyTheHeaderTheBalancerWritesIsBelievedNotTheOneAClientSentThroughIt() {
        // a balancer that appends X-Forwarded-For passes a client's own Forwarded header on untouched
        assertThat(ClientAddress.resolve("10.0.0.2", "for=6.6.6.6", "198.51.100.7", XFF, TRUSTED))
                .isEqualTo("198.51.100.7");
        assertThat(ClientAddress.resolve("10.0.0.2", "for=6.6.6.6", null, XFF, TRUSTED)).isEqualTo("10.0.0.2");
        // and one that writes Forwarded passes a client's X-Forwarded-For on
        assertThat(ClientAddress.resolve("10.0.0.2", "for=198.51.100.7", "6.6.6.6", FWD, TRUSTED))
                .isEqualTo("198.51.100.7");
    }

    @Test
    void aSpoofedHeaderFromAnUntrustedPeerIsIgnored() {
        assertThat(ClientAddress.resolve("203.0.113.9", null, "1.2.3.4", XFF, TRUSTED)).isEqualTo("203.0.113.9");
        assertThat(ClientAddress.resolve("203.0.113.9", "for=1.2.3.4", null, FWD, TRUSTED)).isEqualTo("203.0.113.9");
    }

    @Test
    void behindTrustedProxiesTheClientIsTheFirstUntrustedHopFromTheRight() {
        // the client put a fake entry first; only what our proxies appended is believed
        assertThat(ClientAddress.resolve("10.0.0.2", null, "6.6.6.6, 198.51.100.7, 10.0.0.1", XFF, TRUSTED))
                .isEqualTo("198.51.100.7");
    }

    @Test
    void theForwardedHeaderWhenChosenAndItsQuotedPortsAndIpv6AreRead() {
        assertThat(ClientAddress.resolve("10.0.0.2", "for=\"[2001:db8::1]:4711\";proto=https, for=10.0.0.1",
                "9.9.9.9", FWD, TRUSTED)).isEqualTo("2001:db8:0:0:0:0:0:0/64");
        assertThat(ClientAddress.resolve("10.0.0.2", "for=192.0.2.60:8080;by=10.0.0.2", null, FWD, TRUSTED))
                .isEqualTo("192.0.2.60");
    }

    @Test
    void garbageOrHostNamesStopTheWalkWithoutAnyLookup() {
        assertThat(ClientAddress.resolve("10.0.0.2", null, "evil.example.com, 10.0.0.7", XFF, TRUSTED)).isEqualTo("10.0.0.7");
        assertThat(ClientAddress.resolve("10.0.0.2", "for=unknown", null, FWD, TRUSTED)).isEqualTo("10.0.0.2");
    }

    @Test
    void anIpv6ClientIsItsSlash64SoANewAddressPerRequestIsTheSameClient() {
        assertThat(ClientAddress.resolve("2001:db8:1:2::1", null, null, XFF, TRUSTED))
                .isEqualTo(ClientAddress.resolve("2001:db8:1:2:ffff:0:0:7", null, null, XFF, TRUSTED))
                .isEqualTo("2001:db8:1:2:0:0:0:0/64");
        assertThat(ClientAddress.resolve("2001:db8:1:3::1", null, null, XFF, TRUSTED)).isEqualTo("2001:db8:1:3:0:0:0:0/64");
        assertThat(ClientAddress.resolve("::ffff:203.0.113.9", null, null, XFF, TRUSTED)).isEqualTo("203.0.113.9");
    }

    @Test
    void withoutHeadersATrustedPeerIsTheClient() {
        assertThat(ClientAddress.resolve("0:0:0:0:0:0:0:1", null, null, XFF, TRUSTED)).isEqualTo("0:0:0:0:0:0:0:1");
    }

    @Test
    void cidrsParseAndMatchIncludingMappedIpv4() {
        Cidr c = Cidr.parse("192.168.0.0/16");
        assertThat(c.contains(Cidr.literal("192.168.44.1").orElseThrow())).isTrue();
        assertThat(c.contains(Cidr.literal("192.169.0.1").orElseThrow())).isFalse();
        assertThat(c.contains(Cidr.literal("::ffff:192.168.1.1").orElseThrow())).isTrue();
        assertThat(Cidr.parse("10.1.2.3/8").toString()).isEqualTo("10.0.0.0/8");
        assertThat(Cidr.parse("0.0.0.0/0").contains(Cidr.literal("8.8.8.8").orElseThrow())).isTrue();
        assertThatThrownBy(() -> Cidr.parse("10.0.0.0/33")).hasMessageContaining("prefix");
        assertThatThrownBy(() -> Cidr.parse("proxy.internal")).hasMessageContaining("not an IP address");
        assertThat(Cidr.literal("localhost")).isEmpty();
    }
}
