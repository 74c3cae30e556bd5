"""The build step that holds React Router's module preloads back until the first paint."""

from renovation_app.first_paint import FirstPaintPlugin, with_extra_pages_prerendered

PAGE = (
    '<head><link rel="preload" as="image" href="/img/hero-800.webp"/>'
    '<link rel="modulepreload" href="/assets/entry.client-x.js"/>'
    '<link rel="modulepreload" href="/assets/root-y.js"/></head>'
)


def test_every_built_page_gets_its_module_preloads_held_back(tmp_path, monkeypatch):
    monkeypatch.delenv("FIRST_PAINT_KEEP_PRELOADS", raising=False)
    (tmp_path / "about").mkdir()
    for page in (tmp_path / "index.html", tmp_path / "about" / "index.html"):
        page.write_text(PAGE)
    FirstPaintPlugin().post_build(static_dir=tmp_path)
    for page in (tmp_path / "index.html", tmp_path / "about" / "index.html"):
        html = page.read_text()
        assert 'rel="modulepreload"' not in html
        assert html.count("<link data-module href=") == 2
        assert '<link rel="preload" as="image"' in html  # the hero image stays first


def test_the_404_page_and_the_pay_and_project_frames_are_prerendered_with_every_static_path():
    config = 'export default {"ssr": false, "prerender": true, "build": "build"};'
    assert with_extra_pages_prerendered(config) == (
        'export default {"ssr": false, "prerender": ({getStaticPaths}) => '
        '[...getStaticPaths(), "/404", "/pay/first-paint", "/project/first-paint"], '
        '"build": "build"};'
    )


def test_the_dev_server_config_without_prerendering_is_left_alone():
    config = 'export default {"ssr": false};'
    assert with_extra_pages_prerendered(config) == config
