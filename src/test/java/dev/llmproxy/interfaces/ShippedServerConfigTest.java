package dev.llmproxy.interfaces;

import dev.llmproxy.domain.config.SettingKeys;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** What the shipped Open Liberty configuration promises, checked where a running server cannot show it quickly. */
class ShippedServerConfigTest {

    @Test
    void aReadWaitsLessThanLibertysMinuteButLongerThanABodyMayTake() throws Exception {
        Document server = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new File("admin/liberty/server.xml"));
        Element options = (Element) server.getElementsByTagName("httpOptions").item(0);
        assertThat(options.getAttribute("readTimeout")).isEqualTo("${PROXY_READ_TIMEOUT}");
        Duration read = null;
        NodeList variables = server.getElementsByTagName("variable");
        for (int i = 0; i < variables.getLength(); i++) {
            Element v = (Element) variables.item(i);
            if (v.getAttribute("name").equals("PROXY_READ_TIMEOUT")) {
                read = Duration.ofSeconds(Long.parseLong(v.getAttribute("defaultValue").replace("s", "")));
            }
        }
        assertThat(read).isLessThan(Duration.ofSeconds(60))
                .isGreaterThan(Duration.ofMillis(SettingKeys.BODY_TIMEOUT_MS.defaultValue()));
    }
}
