import UIKit

// UICollectionViewCompositionalLayout (seed 001, zh-CN): the article writes Objective-C; this is the same
// code in Swift, statement for statement, with the article's comments kept.
// 一、实现目标: 用一个collectionView就可以实现App store游戏页面的效果。

final class EazyCollectionViewCell: UICollectionViewCell {
    let titleLabel = UILabel(frame: .zero)
}

final class ViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {

    // 四、1.案例一:实现一个最简单的CompositionalLayout
    override func viewDidLoad() {
        super.viewDidLoad()
        // Do any additional setup after loading the view.
        //1.配置NSCollectionLayoutSize
        let itemSizeWidthDimension = NSCollectionLayoutDimension.fractionalWidth(0.25)
        let itemSizeHeightDimension = NSCollectionLayoutDimension.fractionalHeight(1.0)
        let fractionalItemSize = NSCollectionLayoutSize(widthDimension: itemSizeWidthDimension,
                                                        heightDimension: itemSizeHeightDimension)
        //2.配置NSCollectionLayoutItem
        let item = NSCollectionLayoutItem(layoutSize: fractionalItemSize)
        //3.配置NSCollectionLayoutGroup
        // 需要注意的是: 这里初始化函数的第一个参数layoutSize需要重新声明一个size对象,不能使用我们第一步的那个size。
        let gropSizeWidthDimension = NSCollectionLayoutDimension.fractionalWidth(1.0)
        let gropSizeHeightDimension = NSCollectionLayoutDimension.fractionalHeight(0.1)
        let gropSize = NSCollectionLayoutSize(widthDimension: gropSizeWidthDimension,
                                              heightDimension: gropSizeHeightDimension)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: gropSize,
                                                       subitems: [item])
        //4.配置NSCollectionLayoutSection
        let section = NSCollectionLayoutSection(group: group)
        //5.配置UICollectionViewCompositionalLayout
        let layout = UICollectionViewCompositionalLayout(section: section)
        // 但是这样的声明方式只能声明一个section。

        let collectionView = UICollectionView(frame: self.view.frame, collectionViewLayout: layout)
        collectionView.delegate = self
        collectionView.dataSource = self
        collectionView.register(EazyCollectionViewCell.self, forCellWithReuseIdentifier: String(describing: EazyCollectionViewCell.self))
        self.view.addSubview(collectionView)
    }

    // 2.案例二:让UICollectionViewCompositionalLayout绑定多个section
    // 我们可以根据block中的sectionIndex属性来判断是哪个section从而提前布局
    func createLayout() -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout { (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
            if sectionIndex == 0 {
                let itemSizeWidthDimension = NSCollectionLayoutDimension.fractionalWidth(0.25)
                let itemSizeHeightDimension = NSCollectionLayoutDimension.fractionalHeight(1.0)
                let fractionalItemSize = NSCollectionLayoutSize(widthDimension: itemSizeWidthDimension,
                                                                heightDimension: itemSizeHeightDimension)
                let item = NSCollectionLayoutItem(layoutSize: fractionalItemSize)
                let gropSizeWidthDimension = NSCollectionLayoutDimension.fractionalWidth(1.0)
                let gropSizeHeightDimension = NSCollectionLayoutDimension.fractionalHeight(0.1)
                let gropSize = NSCollectionLayoutSize(widthDimension: gropSizeWidthDimension,
                                                      heightDimension: gropSizeHeightDimension)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: gropSize,
                                                               subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                return section
            } else {
                let itemSizeWidthDimension = NSCollectionLayoutDimension.fractionalWidth(0.5)
                let itemSizeHeightDimension = NSCollectionLayoutDimension.fractionalHeight(1.0)
                let fractionalItemSize = NSCollectionLayoutSize(widthDimension: itemSizeWidthDimension,
                                                                heightDimension: itemSizeHeightDimension)
                let item = NSCollectionLayoutItem(layoutSize: fractionalItemSize)
                let gropSizeWidthDimension = NSCollectionLayoutDimension.fractionalWidth(1.0)
                let gropSizeHeightDimension = NSCollectionLayoutDimension.fractionalHeight(0.2)
                let gropSize = NSCollectionLayoutSize(widthDimension: gropSizeWidthDimension,
                                                      heightDimension: gropSizeHeightDimension)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: gropSize,
                                                               subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                return section
            }
        }
        return layout
    }

    // 3.进阶属性设置 — 3.1 间距 / 3.2 Spacing, applied to the layout of 案例一.
    // 注意须知: 为了使整体的上下左右边距一样,通常需要同时设置 Item 和 Group 的contentInsets。
    func spacingLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                                                             heightDimension: .fractionalHeight(1.0)))
        // 3.1.1.1 item.contentInsets — 灰色区域是 Item,红色框是 Item 的边界
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)

        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                          heightDimension: .fractionalHeight(0.1)),
                                                       subitems: [item])
        // 3.1.1.2 group.contentInsets — 蓝色框是 Group 的边界
        group.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        // 当我们给group设置属性的时候,作用是来实现item之间的spacing;
        group.interItemSpacing = .fixed(8)
        group.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(8), top: .fixed(8), trailing: .fixed(8), bottom: .fixed(8))

        let section = NSCollectionLayoutSection(group: group)
        // 3.1.1.3 section.contentInsets — 绿色框是 Section 的边界 (the article's snippet says group.contentInsets here)
        section.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        // 当给section设置属性的时候,作用是来实现group之间的spacing; (the article writes section.interItemSpacing,
        // which NSCollectionLayoutSection does not have: the property is interGroupSpacing)
        section.interGroupSpacing = 8
        return UICollectionViewCompositionalLayout(section: section)
    }

    // MARK: - <UICollectionViewDelegate,UICollectionViewDataSource>

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        return 2
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return 8
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: String(describing: EazyCollectionViewCell.self), for: indexPath) as! EazyCollectionViewCell
        if indexPath.section == 0 {
            cell.backgroundColor = .red
        } else {
            cell.backgroundColor = .yellow
        }
        cell.titleLabel.text = "\(indexPath.section)---\(indexPath.item)"
        return cell
    }
}

// 3.3 滚动方式: 系统给我们提供了以上6种滚动方式,我们通过绑定多组不同的section的同时也可以给每个section设置不同的滚动方式。
final class ScrollingBehaviorsViewController: UIViewController {
    let behaviors: [UICollectionLayoutSectionOrthogonalScrollingBehavior] = [
        .none,                            //默认行为。Section将沿着主布局轴(即configuration.scrollDirection)进行布局。
        .continuous,                      //滚动视图的标准行为:uiscrollviewdedeerationratnormal
        .continuousGroupLeadingBoundary,  //滚动将停在组边界的前缘
        .paging,                          //标准滚动视图分页行为,页面大小==集合视图边界的范围
        .groupPaging,                     //分段大小的分页行为由section布局组的维度决定
        .groupPagingCentered,             //与组分页相同,添加了额外的前导和尾内容插入,以使每个组的内容沿正交轴居中
    ]

    func orthogonalSectionsLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                 heightDimension: .fractionalHeight(1.0)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8),
                                                                                              heightDimension: .absolute(120)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = self.behaviors[sectionIndex % self.behaviors.count]
            return section
        }
    }
}

extension ScrollingBehaviorsViewController: UICollectionViewDataSource {
    func numberOfSections(in collectionView: UICollectionView) -> Int {
        return behaviors.count
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return 8
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: String(describing: EazyCollectionViewCell.self), for: indexPath)
    }
}
