import { useEffect } from 'react';
import { AreaIntro } from '../features/AreaIntro';
import { useAppStore } from '../store/store';
import { AREAS, areaById, type AreaId } from './areas';
import { hasMod } from './keys';
import { NavRail } from './NavRail';
import { NoticeBar } from './NoticeBar';
import { StatusBar } from './StatusBar';
import { ThemeSwitch } from './ThemeSwitch';

function AreaView({ area }: { area: AreaId }) {
  return <AreaIntro area={area} />;
}

export function AppShell() {
  const area = useAppStore((s) => s.area);
  const setArea = useAppStore((s) => s.setArea);
  const current = areaById(area);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!hasMod(e) || e.altKey || e.shiftKey) return;
      const index = Number.parseInt(e.key, 10);
      const target = AREAS[index - 1];
      if (!Number.isNaN(index) && target) {
        e.preventDefault();
        setArea(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setArea]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavRail />
      <div className="shell__body">
        <header className="area-header">
          <div className="area-header__text">
            <h1 className="area-header__title">{current.label}</h1>
            <p className="area-header__purpose">{current.purpose}</p>
          </div>
          <div className="area-header__tools">
            <ThemeSwitch />
          </div>
        </header>
        <NoticeBar />
        <main id="main" className="area" data-area={area} tabIndex={-1}>
          <AreaView area={area} />
        </main>
      </div>
      <StatusBar />
    </div>
  );
}
