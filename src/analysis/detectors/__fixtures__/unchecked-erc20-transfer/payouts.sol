// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

import "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

contract Payouts {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;
    mapping(address => uint256) public owed;

    constructor(IERC20 t) { token = t; }

    function payUnchecked(address to) external {
        uint256 amount = owed[to];
        owed[to] = 0;
        token.transfer(to, amount); // @expect unchecked-erc20-transfer
    }

    function pullUnchecked(address from, uint256 amount) external {
        IERC20(token).transferFrom(from, address(this), amount); // @expect unchecked-erc20-transfer
        owed[from] += amount;
    }

    function payChecked(address to) external {
        uint256 amount = owed[to];
        owed[to] = 0;
        require(token.transfer(to, amount), "transfer failed");
    }

    function paySafe(address to) external {
        uint256 amount = owed[to];
        owed[to] = 0;
        token.safeTransfer(to, amount);
    }

    function payEth(address payable to) external {
        uint256 amount = owed[to];
        owed[to] = 0;
        to.transfer(amount);
    }
}
